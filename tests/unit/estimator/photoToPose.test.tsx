// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { en } from '../../../src/i18n/en';
import type { SubmitOutput } from '../../../src/machines/estimation.machine';

// The component with the real machine; the socket opens at once and the API is a stand-in.
const api = vi.hoisted(() => ({ output: null as unknown, calls: [] as unknown[] }));

vi.mock('../../../src/ui/estimate/useEstimation', async () => {
  const { useMachine } = await import('@xstate/react');
  const { estimationMachine } = await import('../../../src/machines/estimation.machine');
  const machine = estimationMachine.provide({
    actors: {
      estimatorSocket: fromCallback(({ sendBack }) => {
        sendBack({ type: 'SOCKET.OPEN' });
        return () => {};
      }),
      submitEstimate: fromPromise(async ({ input }) => {
        api.calls.push(input);
        if (api.output instanceof Error) throw api.output;
        return api.output as SubmitOutput;
      }),
    },
  });
  return {
    useEstimation: () => {
      const [snapshot, send] = useMachine(machine);
      return { snapshot, send };
    },
  };
});

// The operator's limit as the server's /app-config.json gives it: 1.5 MB here (UPLOAD_MAX_MB or ESTIMATOR_MAX_MB set low).
const PHOTO_MAX_BYTES = 1.5 * 1024 * 1024;
vi.mock('../../../src/api/appConfig', () => ({ loadAppConfig: async () => ({ limits: { photoMaxBytes: 1.5 * 1024 * 1024 } }) }));

const { PhotoToPose } = await import('../../../src/ui/estimate/PhotoToPose');

const pose = (people: number) => ({
  people: Array.from({ length: people }, () => ({ pose_keypoints_2d: Array.from({ length: 54 }, (_, i) => (i % 3 === 2 ? 1 : 20 + i)) })),
  animals: [],
  canvas_width: 640,
  canvas_height: 480,
});
const finished = (people: number): SubmitOutput => ({
  prompt_id: 'p1',
  image_url: '/files/x.jpg?expires=1&sig=s',
  status: { prompt_id: 'p1', status: 'done', stage: 'done', progress: 1, result: pose(people), message: null, error: null },
});
const photo = (type = 'image/jpeg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type });
const pick = (file: File) => fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } });

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  api.calls.length = 0;
});

describe('PhotoToPose', () => {
  it('estimates a picked photo and hands the pose, the photo and the choice to the editor', async () => {
    api.output = finished(2);
    const onResult = vi.fn();
    render(<PhotoToPose onResult={onResult} />);
    fireEvent.click(screen.getByLabelText('Add to the current pose'));
    fireEvent.click(screen.getByLabelText('Hands'));
    await act(async () => pick(photo()));
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
    const [document, dataUrl, mode] = onResult.mock.calls[0];
    expect([document.people.length, document.canvas_width, mode]).toEqual([2, 640, 'add']);
    expect(dataUrl).toMatch(/^data:image\/jpeg;base64,/);
    expect(api.calls[0]).toMatchObject({ request: { fileName: 'me.jpg', hands: false, face: true }, imageUrl: null, promptId: null });
    expect(screen.getByRole('status').textContent).toBe('People found: 2');
  });

  it('says so when the photo has nobody in it, and leaves the pose alone', async () => {
    api.output = finished(0);
    const onResult = vi.fn();
    render(<PhotoToPose onResult={onResult} />);
    await act(async () => pick(photo()));
    await screen.findByText(/No person was found in this photo/);
    expect(onResult).not.toHaveBeenCalled();
  });

  it('refuses a file the estimator cannot read before uploading anything', async () => {
    render(<PhotoToPose onResult={vi.fn()} />);
    await act(async () => pick(photo('image/gif')));
    expect(screen.getByRole('alert').textContent).toBe('This file is not a JPEG, PNG or WebP image.');
    expect(api.calls).toEqual([]);
  });

  it("says and holds to the server's photo limit, not a size of its own", async () => {
    render(<PhotoToPose onResult={vi.fn()} />);
    expect(await screen.findByText('JPEG, PNG or WebP, up to 1.5 MB')).toBeTruthy();
    const large = new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
    await act(async () => pick(large));
    expect(screen.getByRole('alert').textContent).toBe('This photo is larger than 1.5 MB.');
    expect(api.calls).toEqual([]);
  });

  it('signed out, it offers to sign in and estimates nothing', async () => {
    const signIn = vi.fn();
    render(<PhotoToPose onResult={vi.fn()} signIn={signIn} />);
    expect(screen.getByText('choose a photo').closest('button')!.disabled).toBe(true);
    await act(async () => pick(photo()));
    expect(api.calls).toEqual([]);
    fireEvent.click(screen.getByText('Sign In'));
    expect(signIn).toHaveBeenCalledTimes(1);
  });

  it('shows why an estimate failed and tries again on request', async () => {
    api.output = new Error('41501: The file is not a JPEG, PNG or WebP image');
    render(<PhotoToPose onResult={vi.fn()} />);
    await act(async () => pick(photo()));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The estimate failed: 41501: The file is not a JPEG, PNG or WebP image');
    api.output = finished(1);
    await act(async () => fireEvent.click(screen.getByText('Try again')));
    await screen.findByText('People found: 1');
    expect(api.calls).toHaveLength(2);
  });
});
