import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../notify/notifications';
import { readReferenceImage } from './background/readImage';
import { IMAGE_TYPES, isImageType } from '../../pose';
import type { CommandEnv, PickKind } from '../../editor/actions/types';
import { VIDEO_POSE_LIMITS } from '../../api/contract';
import { useVideoImport } from './io/VideoImport';

/** Opens the hidden file inputs. */
export interface FilePickerHandle {
  pick(kind: PickKind): void;
}

/**
 * Loads a dropped or picked file. A skeleton image (an OpenPose drawing on black: PNG, JPEG or WebP)
 * dropped or picked with Import PNG becomes the pose; any other image becomes the reference;
 * anything else is read as pose JSON.
 */
export async function loadFile(file: File, env: CommandEnv, onError: (message: string) => void, kind?: PickKind): Promise<void> {
  try {
    // An image picked as a pose file is a skeleton to read back.
    if (kind === 'png' || (kind === 'json' && isImageType(file.type))) await env.importPng(file);
    else if (!file.type.startsWith('image/')) await env.importFile(file, kind === 'jsonAdd' ? 'add' : 'replace');
    // A dropped image that is a skeleton becomes the pose; a photo or a drawing becomes the reference.
    else if (kind !== 'image' && isImageType(file.type)) await env.importPng(file, { orReference: true });
    else env.setBackground(await readReferenceImage(file));
  } catch (error) {
    onError(error instanceof Error ? error.message : String(error));
  }
}

/** The hidden inputs behind Import JSON, Add from JSON, Import PNG, Import video, Import BVH and Reference image (and the video's progress). */
export const FilePickers = forwardRef<FilePickerHandle, { env: CommandEnv }>(function FilePickers({ env }, ref) {
  const { t } = useTranslation();
  const json = useRef<HTMLInputElement>(null);
  const image = useRef<HTMLInputElement>(null);
  const png = useRef<HTMLInputElement>(null);
  const jsonAdd = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLInputElement>(null);
  const bvh = useRef<HTMLInputElement>(null);
  const videoImport = useVideoImport(env);
  useImperativeHandle(ref, () => ({ pick: (kind) => ({ json, jsonAdd, image, png, video, bvh })[kind].current?.click() }), []);
  const onChange = (kind: PickKind) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that picking the same file again still fires a change.
    e.target.value = '';
    if (file && kind === 'video') videoImport.start(file);
    else if (file && kind === 'bvh') void env.importBvh(file);
    else if (file) void loadFile(file, env, (message) => notify('error', t('editor.failed', { message })), kind);
  };
  return (
    <>
      <input
        ref={json}
        type="file"
        accept={['.json', 'application/json', 'text/plain', ...IMAGE_TYPES].join(',')}
        hidden
        onChange={onChange('json')}
        data-picker="json"
      />
      <input
        ref={jsonAdd}
        type="file"
        accept={['.json', 'application/json', 'text/plain'].join(',')}
        hidden
        onChange={onChange('jsonAdd')}
        data-picker="jsonAdd"
      />
      <input ref={image} type="file" accept="image/*" hidden onChange={onChange('image')} data-picker="image" />
      <input ref={png} type="file" accept={IMAGE_TYPES.join(',')} hidden onChange={onChange('png')} data-picker="png" />
      <input ref={video} type="file" accept={VIDEO_POSE_LIMITS.types.join(',')} hidden onChange={onChange('video')} data-picker="video" />
      <input ref={bvh} type="file" accept=".bvh,text/plain" hidden onChange={onChange('bvh')} data-picker="bvh" />
      {videoImport.panel}
    </>
  );
});
