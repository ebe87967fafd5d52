# One image for every service; docker-compose.yml picks the entry point with `command` (node dist/<service>.mjs).
# Two stages: the build stage has every dependency and compiles the UI and the services; the image that runs holds
# the production dependencies and the compiled output only, with no TypeScript tooling, and runs as the user node.
# The Node version is pinned exactly, here and in both compose files' other images, so a rebuild months later runs
# the same runtime; docs/operations.md ("Upgrading") says how to move it.

FROM node:22.20.0-bookworm-slim AS build
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
# The UI into ui/dist, and each service and operator command bundled into dist/<name>.mjs.
RUN npm run build

FROM node:22.20.0-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY events/package.json events/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY documents/package.json documents/
COPY read-api/package.json read-api/
COPY rules/package.json rules/
COPY ui/package.json ui/
# The third-party packages the bundles import; the workspace packages are compiled into the bundles.
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist dist
COPY --from=build /app/ui/dist ui/dist
# The log and data folders, owned by node: a named volume mounted on them starts with this owner.
RUN mkdir -p /var/log/care /var/lib/care && chown node:node /var/log/care /var/lib/care
USER node
CMD ["node", "--enable-source-maps", "dist/command-api.mjs"]
