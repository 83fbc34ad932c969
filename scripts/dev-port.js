/* The add-in's dev server port, in one place: package.json "config.dev_server_port", the setting Microsoft's
 * office-addin-debugging reads (as npm_package_config_dev_server_port) to see whether the dev server is
 * already running before it starts one. webpack.config.js and scripts/start.mjs read it from here. */
const pkg = require('../package.json');

function devServerPort() {
  const port = Number(process.env.npm_package_config_dev_server_port ?? pkg.config.dev_server_port);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`package.json config.dev_server_port must be a port number, got ${String(port)}.`);
  return port;
}

module.exports = { devServerPort };
