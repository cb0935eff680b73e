import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { fakeBff, renderWithShell } from '../testing';
import { useAddBulkUsers, type AddBulkUsersOptions } from './useAddBulkUsers';

function Opener({ options }: { options: AddBulkUsersOptions }) {
  const addBulkUsers = useAddBulkUsers();
  const [result, setResult] = useState('none');
  return (
    <>
      <button onClick={async () => setResult(JSON.stringify(await addBulkUsers(options)))}>Add users</button>
      <p>result: {result}</p>
    </>
  );
}

describe('addBulkUsers modal', () => {
  it('shows invalid lines and unknown ids before it lets the admin confirm', async () => {
    const validate = jest.fn(async (ids: string[]) => ({ unknown: ids.filter((id) => id === '404') }));
    const { user } = renderWithShell(<Opener options={{ title: 'Add players to policy', okText: 'Add', validate }} />, { bff: fakeBff() });
    await user.click(screen.getByRole('button', { name: 'Add users' }));
    const dialog = screen.getByRole('dialog', { name: 'Add players to policy' });

    // fireEvent.change: a paste, not 30 keystrokes.
    fireEvent.change(within(dialog).getByLabelText('Player ids'), { target: { value: 'user_id\n1\n2\n2\nbob\n404\n\n3' } });

    const summary = await within(dialog).findByRole('list', { name: 'Parsed ids' });
    await waitFor(() => expect(summary).toHaveTextContent('4 valid ids'));
    expect(summary).toHaveTextContent('1 duplicates removed');
    expect(summary).toHaveTextContent('1 invalid entries');
    expect(within(dialog).getByRole('list', { name: 'Invalid entries' })).toHaveTextContent('Line 5: bob');

    const confirm = within(dialog).getByRole('button', { name: 'Add' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Check ids' }));
    expect(validate).toHaveBeenCalledWith(['1', '2', '404', '3']);
    expect(await within(dialog).findByRole('list', { name: 'Unknown ids' })).toHaveTextContent('404');
    expect(within(dialog).getByText('3 players will be added.')).toBeInTheDocument();
    expect(confirm).toBeEnabled();

    // Editing the ids again requires a new check.
    fireEvent.change(within(dialog).getByLabelText('Player ids'), { target: { value: '1\n2\n5' } });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled());
    await user.click(within(dialog).getByRole('button', { name: 'Check ids' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('result: ["1","2","5"]')).toBeInTheDocument();
  });

  it('reads an uploaded file and bounds the preview of a huge list', async () => {
    const { user } = renderWithShell(<Opener options={{ title: 'Bulk' }} />, { bff: fakeBff() });
    await user.click(screen.getByRole('button', { name: 'Add users' }));
    const lines = ['id'];
    for (let i = 1; i <= 100_000; i++) lines.push(i % 1000 === 0 ? `x${i}` : String(i));
    const file = new File([lines.join('\n')], 'ids.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Or upload a CSV or TXT file'), file);

    const summary = await screen.findByRole('list', { name: 'Parsed ids' });
    await waitFor(() => expect(summary).toHaveTextContent('99900 valid ids'));
    expect(summary).toHaveTextContent('100 invalid entries');
    expect(within(screen.getByRole('list', { name: 'Invalid entries' })).getAllByRole('listitem')).toHaveLength(100);

    // Without validate, confirming is allowed right away; OK is the default label.
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByText(/^result: \["1","2"/)).toBeInTheDocument());
  });

  it('resolves null on Cancel', async () => {
    const { user } = renderWithShell(<Opener options={{ title: 'Bulk' }} />, { bff: fakeBff() });
    await user.click(screen.getByRole('button', { name: 'Add users' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('result: null')).toBeInTheDocument();
  });
});
