// Traces are off unless an OTLP endpoint is set; the traces endpoint wins over the base one,
// which gets /v1/traces; anything but an http(s) URL is refused at start, without echoing it.
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config';

describe('the OTLP traces endpoint', () => {
  it('is unset, and tracing off, without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    expect(readConfig({}, '/srv/cf').tracesEndpoint).toBeUndefined();
    expect(readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }, '/srv/cf').tracesEndpoint).toBeUndefined();
  });

  it('is the base endpoint with /v1/traces, or the traces endpoint as given', () => {
    expect(readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }, '/srv/cf').tracesEndpoint).toBe('http://127.0.0.1:4318/v1/traces');
    expect(readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/' }, '/srv/cf').tracesEndpoint).toBe('https://otel.example.com/v1/traces');
    expect(readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/traces' }, '/srv/cf').tracesEndpoint).toBe('http://b:4318/traces');
  });

  it('refuses what is not an http(s) URL, without repeating it', () => {
    for (const OTEL_EXPORTER_OTLP_ENDPOINT of ['127.0.0.1:4318', 'grpc://collector:4317', 'ftp://user:s3cret@x']) {
      expect(() => readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT }, '/srv/cf')).toThrow(ConfigError);
      expect(() => readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT }, '/srv/cf')).toThrow(/^(?!.*s3cret).*must be an http\(s\) URL/);
    }
  });
});
