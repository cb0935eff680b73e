// Change requests: a global operation filed by one admin, approved by another, applied through its own
// route. The routes, the store (table change_requests) and the helpers that declare operations; the
// gate every app installs (the mode check, internal calls) stays in http/changeControl.ts.
export * from './operations';
export * from './routes';
export * from './store';
