import { PNG } from 'pngjs';
import type { Plugin } from 'vite';
import { rasterizeOpenPose } from '../pose/index.js';
import { PRESETS } from './presets/index.js';
import { focusBox, framePose, THUMBNAIL_SIZE } from './thumbnail.js';
import type { LibraryPreset } from './types.js';

/** Where the built app serves the thumbnail of a built-in preset. */
export const PRESET_THUMBNAIL_DIR = 'library/presets';

function thumbnailPng(preset: LibraryPreset): Buffer {
  const png = new PNG({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE });
  const raster = { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length) };
  rasterizeOpenPose(framePose(preset.pose, focusBox(preset.pose, preset.kind)), raster);
  return PNG.sync.write(png);
}

/**
 * Draws every built-in preset's thumbnail with the src/pose renderer when the app is built (emitted
 * as library/presets/<id>.png), and on request in the dev server: no thumbnail is drawn by hand.
 */
export function presetThumbnails(): Plugin {
  return {
    name: 'posecraft-preset-thumbnails',
    configureServer(server) {
      server.middlewares.use(`/${PRESET_THUMBNAIL_DIR}/`, (req, res, next) => {
        const id = (req.url ?? '').replace(/^\//, '').replace(/\.png(\?.*)?$/, '');
        const preset = PRESETS.find((p) => p.id === id);
        if (!preset) return next();
        res.setHeader('Content-Type', 'image/png');
        res.end(thumbnailPng(preset));
      });
    },
    generateBundle() {
      for (const preset of PRESETS) {
        this.emitFile({ type: 'asset', fileName: `${PRESET_THUMBNAIL_DIR}/${preset.id}.png`, source: thumbnailPng(preset) });
      }
    },
  };
}
