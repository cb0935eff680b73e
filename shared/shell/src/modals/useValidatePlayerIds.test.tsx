import { screen } from '@testing-library/react';
import { useState } from 'react';
import { fakeBff, json, renderWithShell } from '../testing';
import { useValidatePlayerIds } from './useValidatePlayerIds';

function Probe({ ids }: { ids: string[] }) {
  const validate = useValidatePlayerIds();
  const [unknown, setUnknown] = useState('');
  return <button onClick={async () => setUnknown((await validate(ids)).unknown.join(','))}>{`Check ${unknown}`}</button>;
}

describe('useValidatePlayerIds', () => {
  it('asks the BFF about real candidates and reports ids beyond the id range as unknown without sending them', async () => {
    const bff = fakeBff().post('/players/validate-ids', () => json({ unknown: [404] }));
    const { user } = renderWithShell(<Probe ids={['1', '404', '2147483648', '99999999999999999']} />, { bff });
    await user.click(screen.getByRole('button'));
    expect(await screen.findByRole('button', { name: 'Check 404,2147483648,99999999999999999' })).toBeInTheDocument();
    expect(bff.calls('POST', '/players/validate-ids')[0].body).toEqual({ ids: [1, 404] });
  });
});
