// The scaled-out stack's nginx configuration: one site proxying everything to the apis (which also
// serve the built web app), with the web image's proxy settings (apps/web/nginx.datebook.conf.template).
const path = require('node:path');

/**
 * `dir` holds everything nginx writes (pid, logs, temp files), so it runs without touching /etc or
 * /var. Round robin with no sticky sessions: Socket.IO rooms live in Redis, any api serves any
 * client. No upstream keepalive: a new connection per request, so an api that closed its listener
 * is refused at connect time and nginx tries the next one, which is safe even for a POST.
 */
function renderNginxConfig({ host, port, apiPorts, dir, asRoot }) {
  const file = (name) => path.join(dir, name);
  const address = host.includes(':') ? `[${host}]` : host;
  const servers = apiPorts.map((apiPort) => `    server 127.0.0.1:${apiPort} max_fails=0;`).join('\n');
  return `# Rendered by scripts/lib/nginx-config.cjs; rewritten when the set of ready apis changes.
${asRoot ? '# Started by root: workers stay root so they can write the temp paths below.\nuser root;\n' : ''}worker_processes 1;
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;

events {
  worker_connections 4096;
}

http {
  client_body_temp_path ${file('client_temp')};
  proxy_temp_path ${file('proxy_temp')};
  fastcgi_temp_path ${file('fastcgi_temp')};
  uwsgi_temp_path ${file('uwsgi_temp')};
  scgi_temp_path ${file('scgi_temp')};

  map $http_x_request_id $datebook_request_id {
    default $http_x_request_id;
    '' $request_id;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }

  log_format upstreams '$time_iso8601 $request_method $uri $status $upstream_addr $upstream_status $request_time';
  access_log ${file('access.log')} upstreams buffer=64k flush=1s;
  server_tokens off;
  # No keep-alive towards clients either: a reload retires the old worker process, which closes its
  # idle keep-alive connections at once, and a request a client sent on one just then is lost (its
  # client sees the connection close unanswered). New connections go to the new workers unharmed.
  keepalive_timeout 0;

  upstream datebook_api {
${servers}
  }

  server {
    listen ${address}:${port};
    server_name _;

    # Request bodies are small JSON: media goes straight to the object store with presigned URLs.
    client_max_body_size 10m;

    # A refused or failed connection goes to the other api; nginx itself never resends a request a
    # server may have started on for POST, LOCK or PATCH.
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 2;
    proxy_connect_timeout 2s;

    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Real-IP $remote_addr;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $http_host;
    proxy_set_header X-Request-Id $datebook_request_id;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;

    location /socket.io/ {
      proxy_pass http://datebook_api;
      # A WebSocket is idle between events; the Socket.IO heartbeat (25 s) keeps it well under this.
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      # Long-polling fallback responses must reach the client as soon as they are written.
      proxy_buffering off;
    }

    location / {
      proxy_pass http://datebook_api;
    }
  }
}
`;
}

module.exports = { renderNginxConfig };
