// The floor: the least a React login page can ship — React, react-dom and react-router, nothing else.
import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router-dom';

function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const onSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <form onSubmit={onSubmit}>
      <h1>Sign in</h1>
      <label htmlFor="email">Email</label>
      <input id="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <label htmlFor="password">Password</label>
      <input id="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <button type="submit">Sign in</button>
    </form>
  );
}

const router = createBrowserRouter([
  { path: '/auth/login', element: <LoginPage /> },
  { path: '*', element: <Navigate to="/auth/login" replace /> },
]);

createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
