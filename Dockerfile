# Parlor's image: `python -m bot` as a non-root user; the data folder (/app/data: the SQLite database by
# default, the command-sync hash) is a volume. compose.yaml runs it on PostgreSQL with several shards.
#   docker build -t parlor .
#   docker run -e DISCORD_TOKEN=... -v parlor-data:/app/data parlor
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN useradd --create-home --uid 10001 --user-group parlor

WORKDIR /app
COPY . .
# Installed in place (-e): the code stays in /app, so Parlor's data folder is /app/data.
RUN pip install -e . && mkdir -p /app/data && chown parlor:parlor /app/data

USER parlor
VOLUME ["/app/data"]
CMD ["python", "-m", "bot"]
