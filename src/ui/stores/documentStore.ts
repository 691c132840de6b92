import { isImageCount } from '../../api/contract';
import { createStore } from '../store';
import type { AppDocument } from './appDocument';
import { documentPersistence, initialDocument } from './documentPersistence';

/** The document, kept in local storage so it survives a reload. */
export const documentStore = createStore<AppDocument>(initialDocument(), documentPersistence);

/** Sets the number of images; anything but 1..4 is ignored. */
export function setImageCount(value: number): boolean {
  if (!isImageCount(value)) return false;
  documentStore.set((d) => ({ ...d, gNumber: value }));
  return true;
}
