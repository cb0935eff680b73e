/** What this build was made as and against (DefinePlugin, shared/build/index.cjs); absent under jest. */
declare const __PHOENIX_BUILD__:
  | {
      name: string;
      version: string;
      /** The shell-contract range this build needs. */
      shellContract: string;
      /** The @phoenix/shell it bundles: for the host, the contract version it provides to remotes. */
      shellVersion?: string;
      singletons: Record<string, string>;
    }
  | undefined;
