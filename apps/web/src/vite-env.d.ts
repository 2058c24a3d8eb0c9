/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_TOKEN_KEY?: string;
  /** Set by vite.config.ts. */
  readonly VITE_API_SHAPES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
