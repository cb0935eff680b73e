import { useDeferredValue, useMemo, useState, type ChangeEvent } from 'react';
import { useAtom } from 'jotai';
import styled from 'styled-components';
import { Button, FormStack, Modal, TextArea } from '@phoenix/ui';
import { describeError } from '../api/ApiRequestError';
import { addBulkUsersModalAtom } from './modalAtoms';
import { parseUserIds } from './parseUserIds';

/** Only this many invalid lines / unknown ids are rendered: 100,000 list items would freeze the page. */
export const PREVIEW_LIMIT = 100;

const Summary = styled.ul`
  margin: 0;
  padding-left: 1.1rem;
  font-size: 0.875rem;
`;
const Problems = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 0.5rem 0.75rem;
  font-size: 0.8125rem;
  max-height: 10rem;
  overflow-y: auto;
  h3 {
    margin: 0 0 0.25rem;
    font-size: 0.875rem;
  }
  ol,
  ul {
    margin: 0;
    padding-left: 1.1rem;
    font-family: ${({ theme }) => theme.monoFont};
  }
`;
const FileLabel = styled.label`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  font-weight: 600;
  font-size: 0.875rem;
`;
const Note = styled.p<{ $tone?: 'danger' | 'success' }>`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme, $tone }) => ($tone ? theme.colors[$tone] : theme.colors.muted)};
`;

function readFile(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

type Check =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'done'; forText: string; unknown: string[] }
  | { status: 'failed'; message: string };

/** Mounted only while visible, so every opening starts empty. */
function AddBulkUsersBody() {
  const [state, setState] = useAtom(addBulkUsersModalAtom);
  const { content, resolve } = state;
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>({ status: 'idle' });
  // Parsing a huge paste must not block typing: parse the deferred text.
  const deferredText = useDeferredValue(text);
  const parsed = useMemo(() => parseUserIds(deferredText), [deferredText]);
  const upToDate = deferredText === text;

  const close = (ids: string[] | null) => {
    resolve?.(ids);
    setState((s) => ({ ...s, visible: false, resolve: null }));
  };

  const onText = (value: string) => {
    setText(value);
    setCheck({ status: 'idle' });
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setFileError(null);
    try {
      onText(await readFile(file));
    } catch {
      setFileError(`Could not read ${file.name}. Save it as CSV or plain text and try again.`);
    }
  };

  const runCheck = async () => {
    if (!content.validate) return;
    const forText = text;
    setCheck({ status: 'checking' });
    try {
      const { unknown } = await content.validate(parsed.ids);
      setCheck({ status: 'done', forText, unknown });
    } catch (error) {
      setCheck({ status: 'failed', message: describeError(error) });
    }
  };

  const checked = !content.validate || (check.status === 'done' && check.forText === text);
  const unknown = check.status === 'done' ? check.unknown : [];
  const unknownSet = useMemo(() => new Set(unknown), [unknown]);
  const accepted = useMemo(() => (unknownSet.size ? parsed.ids.filter((id) => !unknownSet.has(id)) : parsed.ids), [parsed.ids, unknownSet]);
  const canConfirm = upToDate && checked && accepted.length > 0;

  return (
    <Modal
      open
      title={content.title}
      width="40rem"
      onClose={() => close(null)}
      footer={
        <>
          <Button onClick={() => close(null)}>{content.cancelText}</Button>
          {content.validate && (
            <Button onClick={runCheck} loading={check.status === 'checking'} disabled={!upToDate || parsed.ids.length === 0 || checked}>
              Check ids
            </Button>
          )}
          <Button variant="primary" disabled={!canConfirm} onClick={() => close(accepted)}>
            {content.okText}
          </Button>
        </>
      }
    >
      <FormStack>
        {content.body && <div>{content.body}</div>}
        <TextArea
          label="Player ids"
          hint="One per line, or separated by commas, semicolons or spaces. A header line (user_id, id) is skipped."
          value={text}
          onChange={(e) => onText(e.target.value)}
          rows={8}
          spellCheck={false}
        />
        <FileLabel>
          Or upload a CSV or TXT file
          <input type="file" accept=".csv,.txt,text/csv,text/plain" onChange={onFile} />
        </FileLabel>
        {fileError && <Note $tone="danger" role="alert">{fileError}</Note>}

        <Summary aria-live="polite" aria-label="Parsed ids">
          <li>{`${parsed.ids.length} valid ids`}</li>
          <li>{`${parsed.duplicates} duplicates removed`}</li>
          <li>{`${parsed.invalid.length} invalid entries`}</li>
        </Summary>

        {parsed.invalid.length > 0 && (
          <Problems>
            <h3>Invalid entries (left out)</h3>
            <ul aria-label="Invalid entries">
              {parsed.invalid.slice(0, PREVIEW_LIMIT).map((entry, i) => (
                <li key={i}>{`Line ${entry.line}: ${entry.value}`}</li>
              ))}
            </ul>
            {parsed.invalid.length > PREVIEW_LIMIT && <Note>{`and ${parsed.invalid.length - PREVIEW_LIMIT} more`}</Note>}
          </Problems>
        )}

        {check.status === 'failed' && (
          <Note $tone="danger" role="alert">
            {`Could not check the ids: ${check.message}`}
          </Note>
        )}
        {content.validate && !checked && parsed.ids.length > 0 && check.status !== 'failed' && (
          <Note>Check the ids against the server before adding them.</Note>
        )}
        {check.status === 'done' && checked && unknown.length === 0 && <Note $tone="success">All ids are known players.</Note>}
        {checked && unknown.length > 0 && (
          <Problems>
            <h3>{`${unknown.length} unknown ids (left out)`}</h3>
            <ul aria-label="Unknown ids">
              {unknown.slice(0, PREVIEW_LIMIT).map((id) => (
                <li key={id}>{id}</li>
              ))}
            </ul>
            {unknown.length > PREVIEW_LIMIT && <Note>{`and ${unknown.length - PREVIEW_LIMIT} more`}</Note>}
          </Problems>
        )}
        {checked && accepted.length > 0 && <Note>{`${accepted.length} players will be added.`}</Note>}
      </FormStack>
    </Modal>
  );
}

/** The addBulkUsers modal of the console, driven by addBulkUsersModalAtom (see useAddBulkUsers). */
export function AddBulkUsersDialog() {
  const [state] = useAtom(addBulkUsersModalAtom);
  return state.visible ? <AddBulkUsersBody /> : null;
}
