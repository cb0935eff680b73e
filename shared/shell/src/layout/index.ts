// Filled in by the layout work: see the files beside this one.
export {};
