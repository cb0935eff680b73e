// Filled in by the auth work: see the files beside this one.
export {};
