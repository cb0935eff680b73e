// Filled in by the data work: see the files beside this one.
export {};
