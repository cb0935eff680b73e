import { useState } from 'react';
import type { RemoteName } from '@phoenix/contract';
import { useApi } from '@phoenix/shell';

/** Stand-in for the federation loader in tests: names the page and can make an API call. */
export function RemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const api = useApi();
  const [result, setResult] = useState('');
  return (
    <div>
      <p>{`${remote}:${page}`}</p>
      <button
        type="button"
        onClick={() =>
          api.get('/probe').then(
            () => setResult('ok'),
            () => setResult('failed'),
          )
        }
      >
        Call API
      </button>
      {result && <p>{`call ${result}`}</p>}
    </div>
  );
}
