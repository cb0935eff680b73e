import { fakeBff, renderWithShell } from '../testing';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { useConfirm, type ConfirmOptions } from './useConfirm';

function Opener({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button onClick={async () => setAnswer(String(await confirm(options)))}>Open</button>
      <p>answer: {answer}</p>
    </>
  );
}

const setup = (options: ConfirmOptions = { title: 'Publish terms?', body: 'Players see them at next sign-in.' }) =>
  renderWithShell(<Opener options={options} />, { bff: fakeBff() });

describe('confirm modal', () => {
  it('says OK / Cancel in the console language', async () => {
    const { user } = renderWithShell(<Opener options={{ title: '公開しますか？' }} />, { bff: fakeBff(), language: 'ja' });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('answer: true')).toBeInTheDocument();
  });

  it('uses OK / Cancel by default and resolves true on OK', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish terms?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Players see them at next sign-in.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('answer: true')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves false on Cancel and returns focus to the opener', async () => {
    const { user } = setup();
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('answer: false')).toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('resolves false on Escape', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByText('answer: false')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps focus inside the dialog', async () => {
    const { user } = setup({ title: 'Delete?', okText: 'Delete', cancelText: 'Keep', danger: true });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete?' });
    // Destructive confirms start on the safe button.
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('cancels a confirm still open when a new one starts', async () => {
    setup();
    const open = screen.getByRole('button', { name: 'Open' });
    await act(async () => open.click());
    await act(async () => open.click()); // a second confirm while the first is showing
    expect(await screen.findByText('answer: false')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Publish terms?' })).toBeInTheDocument();
  });
});
