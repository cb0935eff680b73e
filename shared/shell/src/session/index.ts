// Filled in by the session work: see the files beside this one.
export {};
