import { useId, useState } from 'react';
import { Modal } from '../../../shared/ui/modal';
import './share-dialog.css';

interface ShareDialogProps {
  url: string;
  onClose: () => void;
}

type CopyState = 'idle' | 'copied' | 'failed';

// Where the browser has no native share sheet: the link, ready to copy.
export function ShareDialog({ url, onClose }: ShareDialogProps) {
  const titleId = useId();
  const inputId = useId();
  const [copyState, setCopyState] = useState<CopyState>('idle');

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      // Insecure origins and some browsers refuse; selecting the text lets the visitor copy it by hand.
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement) input.select();
      setCopyState('failed');
    }
  }

  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="share-dialog">
      <h2 id={titleId} className="share-dialog__title">
        Share this product
      </h2>
      <label htmlFor={inputId}>Link to this product</label>
      <div className="share-dialog__row">
        <input id={inputId} type="url" readOnly value={url} onFocus={(event) => event.target.select()} />
        <button type="button" className="button" onClick={copy}>
          Copy link
        </button>
      </div>
      <p role="status" className="share-dialog__status">
        {copyState === 'copied'
          ? 'Link copied.'
          : copyState === 'failed'
            ? 'Could not copy automatically: the link is selected, copy it with Ctrl+C (or long-press).'
            : ''}
      </p>
      <button type="button" className="button button--outline" onClick={onClose}>
        Close
      </button>
    </Modal>
  );
}
