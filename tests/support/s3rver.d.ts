/** The part of @20minutes/s3rver (a fake S3 server for Node, no types of its own) the tests use. */
declare module '@20minutes/s3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    /** false: requests to http://bucket.host are not taken as virtual-hosted bucket requests. */
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
