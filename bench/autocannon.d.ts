// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      requests?: { path?: string; setupRequest?: (request: any) => any }[];
    }
    interface Result {
      requests: { average: number; total: number };
      latency: { p99: number };
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
