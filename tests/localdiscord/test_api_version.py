"""The local Discord serves its REST routes under API v10 only, as its gateway speaks only v10: a call under another
version is a route it does not know (404, noted in ``unhandled_routes``), never served as v10's."""

from __future__ import annotations

import aiohttp

from localdiscord import LocalDiscord


async def test_a_channel_is_read_under_v10_and_no_other_version():
    async with LocalDiscord() as fake:
        async with aiohttp.ClientSession() as session:
            for version, status in (("v10", 200), ("v9", 404), ("v11", 404)):
                url = f"{fake.base_url}/api/{version}/channels/{fake.channel.id}"
                async with session.get(url, headers={"Authorization": "Bot fake-token"}) as answer:
                    assert answer.status == status, version
        assert fake.unhandled_routes == [f"GET /api/{version}/channels/{fake.channel.id}" for version in ("v9", "v11")]
