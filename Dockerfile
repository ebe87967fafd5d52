# One image for every service; docker-compose.yml picks the entry point with `command`.
FROM node:20-bookworm-slim

WORKDIR /app

# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY events/package.json events/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY documents/package.json documents/
COPY read-api/package.json read-api/
COPY rules/package.json rules/
COPY ui/package.json ui/
RUN npm ci

COPY . .
RUN npx vite build ui

CMD ["npx", "tsx", "command-api/src/main.ts"]
