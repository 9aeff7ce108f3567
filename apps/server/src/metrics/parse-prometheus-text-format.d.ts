/** Types of the test-only parser parse-prometheus-text-format 1.x, which ships none. */
declare module 'parse-prometheus-text-format' {
  export interface ParsedSample {
    value: string;
    labels?: Record<string, string>;
    /** A histogram's cumulative bucket counts by upper bound (`le`), its count and its sum. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface ParsedFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: ParsedSample[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
