/* Builds the add-in into dist/: one shared-runtime page (taskpane.html) that loads the task pane, the custom
 * functions and the ribbon commands bundles, plus functions.json (generated from the JSDoc in
 * src/functions/functions.ts), the manifest and the icons. Everything is offline: office.js itself is
 * loaded by taskpane.html from Microsoft's CDN at run time, as Microsoft's templates do. */
const path = require('node:path');
const webpack = require('webpack');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CustomFunctionsMetadataPlugin = require('custom-functions-metadata-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const { devServerPort } = require('./scripts/dev-port');
const { productionManifest } = require('./scripts/production-manifest');
const { HostedBuildPlugin, buildServiceUrl, manifestId, supportContact } = require('./scripts/hosted-build');
const {
  SERVICE_PATHS,
  devServerHeaders,
  refuseServiceFiles,
  serviceTarget,
} = require('./scripts/service-proxy');

const DEV_SERVER_PORT = devServerPort();

/** HTTPS options for the dev server from office-addin-dev-certs; null when they cannot be had here. */
async function devServerHttps() {
  try {
    const devCerts = require('office-addin-dev-certs');
    return await devCerts.getHttpsServerOptions();
  } catch (err) {
    console.warn(
      `\n[jobprice] No trusted localhost certificate (${String(err.message ?? err).split('\n')[0]}).\n` +
        '[jobprice] Serving the add-in over plain HTTP. Office sideloading needs HTTPS: run\n' +
        '[jobprice]   npx office-addin-dev-certs install\n' +
        '[jobprice] once (it asks for administrator rights), then start again.\n',
    );
    return null;
  }
}

module.exports = async (env, argv) => {
  const dev = argv.mode !== 'production';
  // Certificates are only needed (and only looked for) when webpack-cli serves.
  const https = env.WEBPACK_SERVE ? await devServerHttps() : null;
  const addinUrl = process.env.ADDIN_URL ?? '';
  const contact = supportContact(process.env);

  return {
    devtool: dev ? 'source-map' : false,
    entry: {
      taskpane: './src/taskpane/taskpane.ts',
      functions: './src/functions/functions.ts',
      commands: './src/commands/commands.ts',
    },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: '[name].js',
      clean: true,
    },
    // One webpack runtime for the three entries of the shared-runtime page, and the modules they share in
    // chunks of their own: each module is then instantiated once per page, so the pane, the functions and
    // the commands see the same session and the same formula cache as ordinary module singletons.
    optimization: {
      runtimeChunk: 'single',
      splitChunks: { chunks: 'all', minSize: 0 },
    },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          // transpileOnly: `npm run typecheck` checks the whole tree once; the bundle build stays fast.
          use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { noEmit: false } } },
        },
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        // Storage keys are namespaced by the manifest Id (src/session/deployment.ts).
        __JOBPRICE_ADDIN_ID__: JSON.stringify(manifestId()),
        // A production build's default service address; '' means the pane's own origin.
        __JOBPRICE_SERVICE_URL__: JSON.stringify(
          buildServiceUrl({ production: !dev, serviceUrl: process.env.JOBPRICE_SERVICE_URL, addinUrl }),
        ),
      }),
      new CustomFunctionsMetadataPlugin({ output: 'functions.json', input: './src/functions/functions.ts' }),
      // Help links on ADDIN_URL, and the static hosts' header files (CORS for the functions' metadata).
      new HostedBuildPlugin({ addinUrl }),
      new HtmlWebpackPlugin({
        filename: 'taskpane.html',
        template: './src/taskpane/taskpane.html',
        // Shared runtime: the pane, the functions and the commands run in this one page. The plugin adds each
        // entry's whole chunk group, so runtime.js and the shared chunks come first, then the three entries.
        chunks: ['taskpane', 'functions', 'commands'],
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'assets/*.png', to: 'assets/[name][ext]' },
          // ADDIN_URL=https://… npm run build: the production manifest, every URL on that address.
          {
            from: 'manifest.xml',
            to: 'manifest.xml',
            transform: (content) =>
              process.env.ADDIN_URL
                ? productionManifest(
                    content.toString('utf8'),
                    process.env.ADDIN_URL,
                    process.env.ADDIN_SUPPORT_URL,
                  )
                : content,
          },
          {
            from: 'src/support.html',
            to: 'support.html',
            // ADDIN_SUPPORT_CONTACT (an e-mail address or an https page) becomes the page's contact line.
            transform: (content) =>
              contact
                ? content
                    .toString('utf8')
                    .replace(
                      /<!-- SUPPORT_CONTACT -->[^]*?<!-- \/SUPPORT_CONTACT -->/,
                      `Contact: <a href="${contact.href}">${contact.text}</a>.`,
                    )
                : content,
          },
          { from: 'src/functions.html', to: 'functions.html' },
          { from: 'src/boot.js', to: 'boot.js' },
        ],
      }),
    ],
    performance: { hints: false },
    devServer: {
      host: 'localhost',
      port: DEV_SERVER_PORT,
      // Open to every origin for the add-in's own files only; the service's answers keep its CORS headers (D16).
      headers: devServerHeaders,
      server: https ? { type: 'https', options: https } : { type: 'http' },
      static: { directory: path.resolve(__dirname, 'dist') },
      // dist/service is the compiled service, not part of the add-in: never served.
      setupMiddlewares: (middlewares) => {
        middlewares.unshift({ name: 'refuse-service-files', middleware: refuseServiceFiles });
        return middlewares;
      },
      // The service's paths on the pane's own origin: no http from an https page.
      proxy: [{ context: SERVICE_PATHS, target: serviceTarget(), changeOrigin: true }],
      // Runtime errors are the pane's to show (it says what went wrong in its own words); compile errors
      // still get the overlay.
      client: { overlay: { warnings: false, runtimeErrors: false } },
      // The address it really serves: http when no trusted certificate was found, not the https one hoped for.
      onListening: (devServer) => {
        const scheme = https ? 'https' : 'http';
        const port = devServer.server?.address()?.port ?? DEV_SERVER_PORT;
        console.log(`[jobprice] Add-in served at ${scheme}://localhost:${port}/taskpane.html`);
      },
    },
  };
};
