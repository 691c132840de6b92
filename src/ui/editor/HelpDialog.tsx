import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { IS_MAC } from './toolbar/shortcut';
import { formatKeys } from '../../editor/actions/keys';
import { ACTIONS } from '../../editor/actions/registry';

/** Gestures that are not key presses, listed under the shortcuts. */
const GESTURES = ['dragJoint', 'dragPerson', 'shiftClick', 'marquee', 'handles', 'cancel', 'zoom', 'pan', 'touch'] as const;

interface HelpDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The keyboard shortcuts and gestures, generated from the action registry ("?" opens it). */
export default function HelpDialog({ open, onOpenChange }: HelpDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="editor-help-overlay" />
        <Dialog.Content className="editor-help">
          <Dialog.Title>{t('editor.help.title')}</Dialog.Title>
          <Dialog.Description className="muted">{t('editor.help.text')}</Dialog.Description>
          <table className="editor-help-keys">
            <tbody>
              {ACTIONS.filter((a) => a.keys?.length).map((a) => (
                <tr key={a.name}>
                  <td>{t(a.labelKey)}</td>
                  <td>
                    {a.keys!.map((k) => (
                      <kbd key={k}>{formatKeys(k, IS_MAC)}</kbd>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{t('editor.help.gesturesTitle')}</h3>
          <ul className="editor-help-gestures">
            {GESTURES.map((g) => (
              <li key={g}>{t(`editor.help.gestures.${g}`)}</li>
            ))}
            <li>{t('depthEditing.turnHandle')}</li>
            <li>{t('depthEditing.push')}</li>
          </ul>
          <Dialog.Close className="editor-help-close" aria-label={t('editor.help.close')}>
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
