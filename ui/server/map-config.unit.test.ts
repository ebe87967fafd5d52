import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL, startUiServer, tileOrigin, type UiServer } from './ui-server';

/** The diary maps' tile server is configuration (MAP_TILE_URL): served to the browser and allowed by the CSP. */
let distDir = '';
let ui: UiServer;

const get = (url: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'ui-map-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Care</title>');
  ui = await startUiServer({
    port: 0,
    distDir,
    commandApiUrl: 'http://127.0.0.1:9',
    readApiUrl: 'http://127.0.0.1:9',
    mapTileUrl: 'https://tiles.example.org/osm/{z}/{x}/{y}.png',
    mapTileAttribution: '© Example Maps',
  });
});

afterAll(async () => {
  await ui?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('the map tile server', () => {
  it('is served as /map-config.json and allowed as an image source', async () => {
    const reply = await get(`${ui.url}/map-config.json`);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({
      tileUrl: 'https://tiles.example.org/osm/{z}/{x}/{y}.png',
      attribution: '© Example Maps',
    });
    expect(reply.headers['content-security-policy']).toContain("img-src 'self' data: https://tiles.example.org;");
  });

  it('takes the origin of a template, subdomains as a wildcard', () => {
    expect(tileOrigin(DEFAULT_MAP_TILE_URL)).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileOrigin('http://127.0.0.1:9/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9');
  });
});
