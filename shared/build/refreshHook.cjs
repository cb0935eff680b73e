// Dev server only (React Fast Refresh): runs in the host's entry after the host's refresh runtime and
// before React loads. Every remote brings its own refresh runtime, which registers with React's
// devtools hook after react-dom has: it finds the renderer only in `hook.renderers`, which the hook
// react-refresh creates (when no React DevTools is installed) never fills, so an edited remote page
// was swapped in but never re-rendered. Record each renderer there, as the DevTools' own hook does.
const hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;
if (hook && !hook.isDisabled && hook.renderers instanceof Map) {
  const inject = hook.inject;
  hook.inject = function (renderer) {
    const id = inject.apply(this, arguments);
    if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
    return id;
  };
}
