import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../notify/notifications';
import { readReferenceImage } from './background/readImage';
import type { CommandEnv } from '../../editor/actions/types';

/** Opens the hidden file inputs. */
export interface FilePickerHandle {
  pick(kind: 'json' | 'image'): void;
}

/** Loads a dropped or picked file: an image becomes the reference, anything else is read as pose JSON. */
export async function loadFile(file: File, env: CommandEnv, onError: (message: string) => void): Promise<void> {
  try {
    if (file.type.startsWith('image/')) env.setBackground(await readReferenceImage(file));
    else await env.importFile(file);
  } catch (error) {
    onError(error instanceof Error ? error.message : String(error));
  }
}

/** The hidden inputs behind Import JSON and Reference image. */
export const FilePickers = forwardRef<FilePickerHandle, { env: CommandEnv }>(function FilePickers({ env }, ref) {
  const { t } = useTranslation();
  const json = useRef<HTMLInputElement>(null);
  const image = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ pick: (kind) => (kind === 'json' ? json : image).current?.click() }), []);
  const onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that picking the same file again still fires a change.
    e.target.value = '';
    if (file) void loadFile(file, env, (message) => notify('error', t('editor.failed', { message })));
  };
  return (
    <>
      <input ref={json} type="file" accept=".json,application/json,text/plain" hidden onChange={onChange} data-picker="json" />
      <input ref={image} type="file" accept="image/*" hidden onChange={onChange} data-picker="image" />
    </>
  );
});
