import { useEffect } from 'react';
import { stringifyPoseDocument } from '../../pose';
import { actionForKey, runAction } from '../../editor/actions/registry';
import { actionStateOf, type EditorHandles } from './EditorContext';

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || !!t.closest('[role="dialog"]'));

// Inputs that take no text: their own keys are arrows and space, so Ctrl/Cmd shortcuts (undo, redo,
// copy) still belong to the editor while one of them has focus.
const TEXTLESS_INPUT = /^(checkbox|radio|range|button|submit|reset|file|color)$/;
const keepsKey = (t: EventTarget | null, e: KeyboardEvent) =>
  isTyping(t) && !((e.ctrlKey || e.metaKey) && t instanceof HTMLInputElement && TEXTLESS_INPUT.test(t.type) && !t.closest('[role="dialog"]'));

/** Runs the action whose shortcut was pressed, unless the user is typing or a dialog is open. */
export function useShortcuts({ actor, env }: EditorHandles): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || keepsKey(e.target, e)) return;
      const action = actionForKey(e);
      if (!action) return;
      e.preventDefault();
      runAction(action, actionStateOf(actor.getSnapshot()), env);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actor, env]);
}

/** Ctrl/Cmd+C copies the pose JSON and Ctrl/Cmd+V imports pasted pose JSON, when no text field has focus. */
export function useClipboardEvents({ env }: EditorHandles): void {
  useEffect(() => {
    const onCopy = (e: ClipboardEvent) => {
      if (isTyping(e.target) || !e.clipboardData || String(window.getSelection() ?? '')) return;
      e.preventDefault();
      e.clipboardData.setData('text/plain', stringifyPoseDocument(env.getScene().pose));
    };
    const onPaste = (e: ClipboardEvent) => {
      const text = e.clipboardData?.getData('text/plain') ?? '';
      if (isTyping(e.target) || !text.trim()) return;
      e.preventDefault();
      env.importText(text);
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [env]);
}
