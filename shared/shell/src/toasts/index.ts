// Filled in by the toasts work: see the files beside this one.
export {};
