// s3rver ships no types; the parts the tests use.
declare module 's3rver' {
  export interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
