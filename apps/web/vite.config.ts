import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routePaths } from './build/route-paths.ts';

const api = 'http://localhost:' + (process.env.PORT ?? 3000);

/** Text files worth compressing; fonts (woff2) and raster images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, at the highest levels (the
 * server only reads them: @fastify/static `preCompressed`), so no request pays for compression.
 * A variant that is not smaller than the original is not written; the server then sends the original.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'partsmall:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** Names under which devices that have Noto Sans KR (or Noto Sans CJK KR, Android's Korean system font) installed know it. */
const LOCAL_NAMES: Record<string, string[]> = {
  '400': ['Noto Sans KR', 'NotoSansKR-Regular', 'Noto Sans CJK KR', 'NotoSansCJKkr-Regular'],
  '700': ['Noto Sans KR Bold', 'NotoSansKR-Bold', 'Noto Sans CJK KR Bold', 'NotoSansCJKkr-Bold'],
};

/**
 * Trims the @fontsource Noto Sans KR faces: woff2 only (every browser the shop supports reads it;
 * the woff copies doubled the stylesheet), and an installed copy of the font first, so a device that
 * has it downloads nothing. The installed copy is one face per weight declared after the slices:
 * faces of one family and weight are tried last-declared first, and one that fails to load (not
 * installed) is skipped, so the slices serve only devices without it. (A local() source in each
 * slice would load the installed font once per slice: measured twice the layout time.) The ~120
 * unicode-range slices stay: a page downloads only the slices of the characters it shows (about 20
 * small files for the home page, instead of 540 KB per weight).
 */
function trimFontFaces(): Plugin {
  return {
    name: 'partsmall:trim-font-faces',
    enforce: 'pre',
    transform(code, id) {
      const weight = /@fontsource\/noto-sans-kr\/(\d00)\.css$/.exec(id)?.[1];
      if (!weight) return null;
      let faces = 0;
      const trimmed = code.replace(
        /src: (url\([^)]+\.woff2\) format\('woff2'\)), url\([^)]+\.woff\) format\('woff'\);/g,
        (_all, woff2: string) => {
          faces++;
          return `src: ${woff2};`;
        },
      );
      // A new @fontsource layout must not silently bring the woff copies back.
      if (faces === 0 || trimmed.includes(".woff')"))
        throw new Error(`trim-font-faces: unexpected @font-face layout in ${id}`);
      const local = (LOCAL_NAMES[weight] ?? []).map((name) => `local('${name}')`).join(', ');
      const installed = local
        ? `\n@font-face {\n  font-family: 'Noto Sans KR';\n  font-style: normal;\n  font-display: swap;\n  font-weight: ${weight};\n  src: ${local};\n}\n`
        : '';
      return { code: trimmed + installed, map: null };
    },
  };
}

/**
 * Writes route-paths.json, the address patterns of the route table: the server answers an address
 * none of them takes with HTTP 404 (and the app's not-found page) instead of 200.
 */
function routePathsManifest(): Plugin {
  return {
    name: 'partsmall:route-paths',
    apply: 'build',
    generateBundle() {
      const paths = routePaths(path.resolve(import.meta.dirname, 'src/routes.tsx'));
      if (!paths) {
        this.warn(
          'route-paths: a route path is not a plain string; the server will answer every page address with 200',
        );
        return;
      }
      this.emitFile({ type: 'asset', fileName: 'route-paths.json', source: JSON.stringify(paths, null, 1) });
    },
  };
}

export default defineConfig({
  plugins: [trimFontFaces(), react(), routePathsManifest(), precompress()],
  // zod without its eval probe (see src/shared/zod-browser.ts), for the contract's modules too.
  resolve: { alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/shared/zod-browser.ts') }] },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/dev': api,
      '/docs': api,
      '/epc': api,
      '/payCenter': api,
      '/uploads': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
});
