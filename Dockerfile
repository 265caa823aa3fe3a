# The shop as one image: the built server and client, production dependencies only. Node 24 LTS, pinned to the
# exact release CI tests on (.ci/run, CI_NODE_LTS_VERSION; decision 0041): change both together.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24.21.0-bookworm-slim
# The runtime defaults every start of the shop gets (tools/shop-runtime.mjs, decision 0059): a V8 heap cap and two
# glibc arenas. Your own NODE_OPTIONS or MALLOC_ARENA_MAX (docker run -e, compose) replaces them.
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data MALLOC_ARENA_MAX=2 NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=16"
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server/package.json ./server/package.json
COPY --from=build /app/server/dist ./server/dist
# The built client only: its server-manifest.json carries what the server needs from the client (decision 0044).
COPY --from=build /app/client/dist ./client/dist
RUN mkdir -p /data && chown node:node /data
# The node image's `node` user by number: Kubernetes' runAsNonRoot can check a number, not a name
# (deploy/kubernetes, decision 0110).
USER 1000:1000
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:4000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
