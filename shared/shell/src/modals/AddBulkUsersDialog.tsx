import { useDeferredValue, useMemo, useState, type ChangeEvent } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, FormStack, Modal, TextArea, tokens } from '@phoenix/ui';
import { describeError } from '../api/describeError';
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
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radius};
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
    font-family: ${tokens.monoFont};
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
  | { status: 'done'; forText: string; unknown: string[]; already: string[] }
  | { status: 'failed'; message: string };

/** Mounted only while visible, so every opening starts empty. */
function AddBulkUsersBody() {
  const { t } = useTranslation('shell');
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
      setFileError(t('bulkUsers.fileError', { name: file.name }));
    }
  };

  const runCheck = async () => {
    if (!content.validate) return;
    const forText = text;
    setCheck({ status: 'checking' });
    try {
      const { unknown, already = [] } = await content.validate(parsed.ids);
      setCheck({ status: 'done', forText, unknown, already });
    } catch (error) {
      setCheck({ status: 'failed', message: describeError(error) });
    }
  };

  const checked = !content.validate || (check.status === 'done' && check.forText === text);
  const unknown = useMemo(() => (check.status === 'done' ? check.unknown : []), [check]);
  const already = useMemo(() => (check.status === 'done' ? check.already : []), [check]);
  // Left out on confirm: the ids that are not players and those already in the target.
  const unknownSet = useMemo(() => new Set([...unknown, ...already]), [unknown, already]);
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
              {t('bulkUsers.check')}
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
          label={t('bulkUsers.ids')}
          hint={t('bulkUsers.idsHint')}
          value={text}
          onChange={(e) => onText(e.target.value)}
          rows={8}
          spellCheck={false}
        />
        <FileLabel>
          {t('bulkUsers.file')}
          <input type="file" accept=".csv,.txt,text/csv,text/plain" onChange={onFile} />
        </FileLabel>
        {fileError && (
          <Note $tone="danger" role="alert">
            {fileError}
          </Note>
        )}

        <Summary aria-live="polite" aria-label={t('bulkUsers.parsed')}>
          <li>{t('bulkUsers.valid', { count: parsed.ids.length })}</li>
          <li>{t('bulkUsers.duplicates', { count: parsed.duplicates })}</li>
          <li>{t('bulkUsers.invalid', { count: parsed.invalid.length })}</li>
        </Summary>

        {parsed.invalid.length > 0 && (
          <Problems>
            <h3>{t('bulkUsers.invalidTitle')}</h3>
            <ul aria-label={t('bulkUsers.invalidList')}>
              {parsed.invalid.slice(0, PREVIEW_LIMIT).map((entry, i) => (
                <li key={i}>{t('bulkUsers.line', { line: entry.line, value: entry.value })}</li>
              ))}
            </ul>
            {parsed.invalid.length > PREVIEW_LIMIT && <Note>{t('bulkUsers.more', { count: parsed.invalid.length - PREVIEW_LIMIT })}</Note>}
          </Problems>
        )}

        {check.status === 'failed' && (
          <Note $tone="danger" role="alert">
            {t('bulkUsers.checkFailed', { message: check.message })}
          </Note>
        )}
        {content.validate && !checked && parsed.ids.length > 0 && check.status !== 'failed' && <Note>{t('bulkUsers.checkFirst')}</Note>}
        {check.status === 'done' && checked && unknown.length === 0 && <Note $tone="success">{t('bulkUsers.allKnown')}</Note>}
        {checked && unknown.length > 0 && (
          <Problems>
            <h3>{t('bulkUsers.unknownTitle', { count: unknown.length })}</h3>
            <ul aria-label={t('bulkUsers.unknownList')}>
              {unknown.slice(0, PREVIEW_LIMIT).map((id) => (
                <li key={id}>{id}</li>
              ))}
            </ul>
            {unknown.length > PREVIEW_LIMIT && <Note>{t('bulkUsers.more', { count: unknown.length - PREVIEW_LIMIT })}</Note>}
          </Problems>
        )}
        {checked && already.length > 0 && (
          <Problems>
            <h3>{t('bulkUsers.alreadyTitle', { count: already.length })}</h3>
            <ul aria-label={t('bulkUsers.alreadyList')}>
              {already.slice(0, PREVIEW_LIMIT).map((id) => (
                <li key={id}>{id}</li>
              ))}
            </ul>
            {already.length > PREVIEW_LIMIT && <Note>{t('bulkUsers.more', { count: already.length - PREVIEW_LIMIT })}</Note>}
          </Problems>
        )}
        {checked && accepted.length > 0 && <Note>{t('bulkUsers.willAdd', { count: accepted.length })}</Note>}
      </FormStack>
    </Modal>
  );
}

/** The addBulkUsers modal of the console, driven by addBulkUsersModalAtom (see useAddBulkUsers). */
export function AddBulkUsersDialog() {
  const [state] = useAtom(addBulkUsersModalAtom);
  return state.visible ? <AddBulkUsersBody /> : null;
}
