import { describe, expect, it, vi } from 'vitest';
import { parsePromptEvent } from '../../../src/api/promptEvents';
import { loadComfyUiSettings } from '../../../server/engines/comfyui/comfyUiConfig';
import { parsePreviewFrame, type PreviewFrame } from '../../../server/engines/comfyui/previewFrame';
import { PreviewRelay } from '../../../server/engines/comfyui/previewRelay';
import { checkApiWorkflow, readSidecar } from '../../../server/engines/comfyui/profiles/sidecar';
import { comboOptions } from '../../../server/engines/comfyui/profiles/availability';
import { fillWorkflow, latentSize, type ComfyWorkflow } from '../../../server/engines/comfyui/workflow';
import { legacyPreviewFrame, metadataPreviewFrame } from '../../support/comfyuiTestNodes';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

describe("ComfyUI's binary preview frames", () => {
  it('reads the legacy PREVIEW_IMAGE frame and the one with metadata, which names its prompt', () => {
    expect(parsePreviewFrame(legacyPreviewFrame(JPEG))).toEqual({ mime: 'image/jpeg', bytes: JPEG, promptId: null });
    expect(parsePreviewFrame(metadataPreviewFrame(JPEG, 'p-1', '8'))).toEqual({ mime: 'image/jpeg', bytes: JPEG, promptId: 'p-1' });
    const png = Buffer.concat([Buffer.from([0, 0, 0, 1, 0, 0, 0, 2]), PNG]);
    expect(parsePreviewFrame(png)?.mime).toBe('image/png');
  });

  it('ignores other binary messages, truncated frames and bytes that are no image', () => {
    const text = Buffer.concat([Buffer.from([0, 0, 0, 3, 0, 0, 0, 1]), Buffer.from('8progress')]);
    expect(parsePreviewFrame(text)).toBeNull();
    expect(parsePreviewFrame(Buffer.from([0, 0, 0, 1]))).toBeNull();
    expect(parsePreviewFrame(Buffer.concat([Buffer.from([0, 0, 0, 4, 0, 0, 1, 0]), JPEG]))).toBeNull();
    expect(parsePreviewFrame(Buffer.concat([Buffer.from([0, 0, 0, 1, 0, 0, 0, 1]), Buffer.from('not an image')]))).toBeNull();
  });
});

describe('the preview relay', () => {
  const frame = (n: number): PreviewFrame => ({ mime: 'image/jpeg', bytes: Buffer.from([n]), promptId: null });

  it('passes the first frame on, then only the latest once the wait is over; nothing after close', async () => {
    vi.useFakeTimers();
    try {
      const published: number[] = [];
      const relay = new PreviewRelay(
        async (f) => f.bytes,
        (jpeg) => published.push(jpeg[0]),
        400,
      );
      relay.offer(frame(1));
      await vi.advanceTimersByTimeAsync(0);
      for (let n = 2; n <= 6; n++) relay.offer(frame(n));
      await vi.advanceTimersByTimeAsync(399);
      expect(published).toEqual([1]);
      await vi.advanceTimersByTimeAsync(1);
      expect(published).toEqual([1, 6]);
      relay.offer(frame(7));
      relay.close();
      await vi.advanceTimersByTimeAsync(1000);
      expect(published).toEqual([1, 6]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a frame that cannot be shrunk and goes on with the next', async () => {
    const published: number[] = [];
    const relay = new PreviewRelay(
      async (f) => (f.bytes[0] === 1 ? Promise.reject(new Error('unreadable')) : f.bytes),
      (jpeg) => published.push(jpeg[0]),
      0,
    );
    relay.offer(frame(1));
    await new Promise((r) => setTimeout(r, 5));
    relay.offer(frame(2));
    await new Promise((r) => setTimeout(r, 5));
    relay.close();
    expect(published).toEqual([2]);
  });
});

describe('custom workflow files', () => {
  const graph: ComfyWorkflow = {
    '6': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['4', 1] } },
    '12': { class_type: 'LoadImage', inputs: { image: 'x.png' } },
    '9': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'x' } },
  };
  const pose = { node: '12', input: 'image' };
  const prompt = { node: '6', input: 'text' };

  it("refuses ComfyUI's UI format and anything that is not an API-format workflow, saying which", () => {
    expect(checkApiWorkflow({ nodes: [], links: [] })).toBe('is in ComfyUI\'s UI format; export it with "Save (API Format)"');
    expect(checkApiWorkflow([])).toBe('is not a JSON object of nodes');
    expect(checkApiWorkflow({ '1': { inputs: {} } })).toBe('node 1 has no class_type and inputs: not an API-format workflow');
    expect(checkApiWorkflow(graph)).toBeNull();
  });

  it('reads a sidecar: the output is the first SaveImage unless named, one place or several per value', () => {
    const read = readSidecar({ inputs: { pose_image: pose, prompt: [prompt, prompt] } }, graph);
    expect(read).toMatchObject({ ok: true, template: { output: '9', inputs: { pose_image: [pose], prompt: [prompt, prompt] } } });
  });

  it('says what is wrong in a malformed sidecar', () => {
    const error = (value: unknown) => {
      const read = readSidecar(value, graph);
      return read.ok ? null : read.error;
    };
    expect(error({ inputs: { pose_image: pose } })).toBe('inputs.prompt: is required');
    expect(error({ inputs: { pose_image: pose, prompt, promt: prompt } })).toContain('promt');
    expect(error({ inputs: { pose_image: { node: '99', input: 'image' }, prompt } })).toBe('inputs.pose_image names node 99, which the workflow does not have');
    expect(error({ inputs: { pose_image: pose, prompt }, output: '77' })).toBe('output names node 77, which the workflow does not have');
    expect(error({ inputs: { pose_image: pose, prompt }, render_profile: 'thick' })).toBe('render_profile: must be one of sd15, xinsir, feet');
    expect(error({ inputs: { pose_image: pose, prompt }, defaults: { steps: 500 } })).toBe('defaults.steps: must be at most 150');
  });

  it('fills the named inputs of a copy and leaves the rest as the workflow has them', () => {
    const template = { graph, inputs: { prompt: [prompt], pose_image: [pose] }, output: '9' };
    const filled = fillWorkflow(template, { prompt: 'a knight', pose_image: 'posecraft-1.png', seed: 5 });
    expect(filled['6'].inputs).toEqual({ text: 'a knight', clip: ['4', 1] });
    expect(filled['12'].inputs.image).toBe('posecraft-1.png');
    expect(graph['6'].inputs.text).toBe('');
  });
});

describe('ComfyUI settings and shapes', () => {
  it('takes the operator limits, and refuses defaults outside them or an unknown preview method', () => {
    expect(loadComfyUiSettings({}).limits).toEqual({ steps: { min: 1, max: 50 }, cfg: { min: 1, max: 15 }, strength: { min: 0, max: 1.5 } });
    expect(() => loadComfyUiSettings({ COMFYUI_STEPS: '60' })).toThrow('COMFYUI_STEPS must be a whole number from 1 to 50, got "60"');
    expect(() => loadComfyUiSettings({ COMFYUI_PREVIEW_METHOD: 'fast' })).toThrow(
      'COMFYUI_PREVIEW_METHOD must be one of auto, latent2rgb, taesd, none, got "fast"',
    );
    expect(() => loadComfyUiSettings({ COMFYUI_PROFILES: 'sd15,flux' })).toThrow('COMFYUI_PROFILES: "flux" is not one of sd15, sdxl');
  });

  it('reads combo inputs in both shapes /object_info gives them', () => {
    expect(comboOptions([['a.safetensors', 'b.safetensors'], { tooltip: 'x' }])).toEqual(['a.safetensors', 'b.safetensors']);
    expect(comboOptions(['COMBO', { options: ['euler', 'dpmpp_2m'] }])).toEqual(['euler', 'dpmpp_2m']);
    expect(comboOptions(['INT', { min: 0 }])).toBeNull();
  });

  it("sizes latents in multiples of 8, at least the profile's longer side", () => {
    expect(latentSize(500, 300, 0)).toEqual({ width: 504, height: 304 });
    expect(latentSize(400, 600, 1024)).toEqual({ width: 688, height: 1024 });
    expect(latentSize(1024, 1024, 1024)).toEqual({ width: 1024, height: 1024 });
  });

  it('never makes a latent side smaller than the 16 pixels ComfyUI takes', () => {
    expect(latentSize(1, 1, 0)).toEqual({ width: 16, height: 16 });
    expect(latentSize(8, 1024, 0)).toEqual({ width: 16, height: 1024 });
    expect(latentSize(1024, 9, 1024)).toEqual({ width: 1024, height: 16 });
  });

  it('lets a page take only JPEG data URLs as previews', () => {
    const preview = (image: string) => parsePromptEvent(JSON.stringify({ type: 'prompt.preview', prompt_id: 'p', data: { image } }));
    expect(preview('data:image/jpeg;base64,/9j/4AAQ')).toEqual({ type: 'prompt.preview', prompt_id: 'p', data: { image: 'data:image/jpeg;base64,/9j/4AAQ' } });
    expect(preview('https://evil.example/x.jpg')).toBeNull();
    expect(preview('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
  });
});
