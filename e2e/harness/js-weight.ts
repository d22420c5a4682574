// The public pages' JavaScript weight, as the build checks it (web/build-tools/js-weight.ts).
export { publicJsWeight, type JsWeight } from '../../web/build-tools/js-weight.js';
