import { waitFor } from '@testing-library/react';

// What waits for the first paint runs after it, each caller in a task of its own: run together, the
// contract and kit imports, the cold page's loader and the session check made one long task after the paint.
function freshFirstPaint(): typeof import('./firstPaint') {
  let mod!: typeof import('./firstPaint');
  jest.isolateModules(() => {
    mod = require('./firstPaint');
  });
  return mod;
}

test('each caller of afterFirstPaint goes on in a task of its own once the first render is painted', async () => {
  const { afterFirstPaint, markFirstRender } = freshFirstPaint();
  const ran: string[] = [];
  let ranInTheSameTask: string[] | undefined;
  void afterFirstPaint().then(() => {
    ran.push('remote page');
    queueMicrotask(() => (ranInTheSameTask = [...ran])); // the end of this task's microtasks
  });
  void afterFirstPaint().then(() => ran.push('session check'));

  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(ran).toEqual([]); // nothing before the first render

  markFirstRender();
  await waitFor(() => expect(ran).toEqual(['remote page', 'session check']));
  expect(ranInTheSameTask).toEqual(['remote page']);
});

test('a caller once the paint is on screen (a later navigation) goes on at once, with no task in between', async () => {
  const { afterFirstPaint, markFirstRender } = freshFirstPaint();
  markFirstRender();
  await afterFirstPaint();
  const later = jest.fn();
  let taskRan = false;
  setTimeout(() => (taskRan = true), 0);
  await afterFirstPaint().then(later);
  expect(later).toHaveBeenCalledTimes(1);
  expect(taskRan).toBe(false);
});
