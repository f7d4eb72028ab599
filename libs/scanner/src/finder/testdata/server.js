// Proxy for http://192.168.0.10:8080/ and http://10.1.2.3/status in dev;
// production goes to https://api.acme-cloud.com/v2/?key=abc&x=1.
const fallback = 'http://127.0.0.1:9000';
const mirror = "ftp://ftp.kernel.org/pub/linux/";
const example = `https://example.org/${path}`;
const upstream = 'https://8.8.8.8/resolve';
const template = `http://${host}:${port}/`;
const maintainer = 'Ops Team <ops@acme-cloud.com>';
