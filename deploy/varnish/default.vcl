vcl 4.1;

# Varnish in front of the app replicas of docker-compose.yml (the `varnish` service, behind Caddy).
# This file says where the replicas are and who may purge; the caching rules are in site.vcl.
#
# The replicas have fixed addresses on the `edge` network (172.30.28.0/24 in docker-compose.yml),
# so the names below always resolve to them (Varnish resolves a backend's name once, when the VCL
# loads). Changing that subnet means changing it here too.

import directors;

# The app's readiness route (api/src/ops/health.routes.ts): 200 while it and its database answer.
probe ready {
	.url = "/readyz";
	.interval = 2s;
	.timeout = 2s;
	.window = 5;
	.threshold = 3;
	.initial = 3;
}

backend app1 {
	.host = "app1";
	.port = "3000";
	.probe = ready;
	.connect_timeout = 2s;
	.first_byte_timeout = 30s;
	.between_bytes_timeout = 10s;
}

backend app2 {
	.host = "app2";
	.port = "3000";
	.probe = ready;
	.connect_timeout = 2s;
	.first_byte_timeout = 30s;
	.between_bytes_timeout = 10s;
}

# Who may send PURGE: this machine and the app replicas on the `edge` network. Caddy reaches
# Varnish over the `front` network, so nothing from outside can purge; the gateway is excluded
# because Docker's port forwarding would come from it.
acl purgers {
	"127.0.0.1";
	"::1";
	"172.30.28.0"/24;
	! "172.30.28.1";
}

sub vcl_init {
	new replicas = directors.round_robin();
	replicas.add_backend(app1);
	replicas.add_backend(app2);
}

sub vcl_recv {
	set req.backend_hint = replicas.backend();
}

include "./site.vcl";
