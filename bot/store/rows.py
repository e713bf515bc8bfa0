"""The base of the rows the store's repositories return: frozen pydantic models."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Row(BaseModel):
    model_config = ConfigDict(frozen=True)
