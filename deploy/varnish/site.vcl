vcl 4.1;

# The site's caching rules for Varnish in front of the app. Included by a main VCL that defines
# the backends (req.backend_hint set in its own vcl_recv, which runs before this file's) and the
# ACL `purgers`: deploy/varnish/default.vcl (docker-compose.yml, a director over the replicas) and
# the one the end-to-end test writes (one backend on loopback).
#
# - What the origin says is cacheable (Cache-Control s-maxage, set when EDGE_CACHE is on) is kept
#   for that long and tagged with its Surrogate-Key; anything else is fetched every time.
# - The app purges by tag: `PURGE` with `xkey: <tags>`, only from the ACL `purgers`. A purged object
#   is expired, not dropped (xkey.softpurge): the next visitor gets it once more while the new one is
#   fetched (stale-while-revalidate), and while every origin is down it is still served (stale-if-
#   error) instead of an error. `xkey-hard: <tags>` drops the objects outright.
# - Cookies are dropped from public requests; the admin, previews, every request with a session
#   cookie and every write go to the app untouched.
# - Stale copies: within stale-while-revalidate one is served while a fresh one is fetched in the
#   background; while every origin is sick (or a fetch fails) one is served up to stale-if-error.

import std;
import xkey;

sub vcl_recv {
	if (req.method == "PURGE") {
		if (client.ip !~ purgers) {
			return (synth(403, "Forbidden"));
		}
		if (req.http.xkey) {
			set req.http.x-edge-purged = xkey.softpurge(req.http.xkey);
			return (synth(200, "Expired " + req.http.x-edge-purged + " objects"));
		}
		if (req.http.xkey-hard) {
			set req.http.x-edge-purged = xkey.purge(req.http.xkey-hard);
			return (synth(200, "Invalidated " + req.http.x-edge-purged + " objects"));
		}
		# No tags: the one URL.
		return (purge);
	}

	# Only this file sets these (the restarts below); never a client.
	if (req.restarts == 0) {
		unset req.http.x-edge-fresh;
		unset req.http.x-edge-stale-ok;
		unset req.http.x-edge-cache;
	}

	if (req.method != "GET" && req.method != "HEAD") {
		# Writes (POST: GraphQL mutations, forms, logins) and everything else go to the app as sent.
		return (pass);
	}
	if (req.url ~ "(?i)^/(admin|preview)(/|\?|$)") {
		return (pass);
	}
	if (req.http.Cookie ~ "(^|;)\s*sid=") {
		# A session (the name is api/src/auth/session-store.ts's SESSION_COOKIE): its answers are its own.
		return (pass);
	}
	# No other cookie changes a public answer.
	unset req.http.Cookie;

	# Tracking parameters name the same page (the app keeps one page for such variants too).
	if (req.url ~ "[?&](utm_[a-z]+|gclid|fbclid|msclkid|mc_cid|mc_eid)=") {
		set req.url = regsuball(req.url, "(?<=[?&])(utm_[a-z]+|gclid|fbclid|msclkid|mc_cid|mc_eid)=[^&]*(&|$)", "");
		set req.url = regsub(req.url, "[?&]+$", "");
	}

	if (req.http.x-edge-fresh) {
		# Restarted from vcl_hit: a copy past its stale-while-revalidate is not served while an
		# origin answers; fetch a fresh one (waiting with every other request for it).
		set req.grace = 0s;
	} else if (req.restarts > 0) {
		# A restart keeps req.grace: back to no limit but the object's own.
		set req.grace = 3650d;
	}
	# Falls through to the built-in rules (Authorization passes, then the lookup).
}

sub vcl_hash {
	# The app builds its pages from PUBLIC_URL, never from Host: one copy whatever the Host says,
	# so made-up Host headers cannot fill the cache.
	hash_data(req.url);
	return (lookup);
}

sub vcl_hit {
	if (obj.ttl >= 0s) {
		set req.http.x-edge-cache = "hit";
		return (deliver);
	}
	# Expired, still within its grace (stale-if-error).
	set req.http.x-edge-cache = "stale";
	if (req.http.x-edge-stale-ok || !std.healthy(req.backend_hint)) {
		# Every origin is sick, or a fetch for this request just failed: the stale copy.
		return (deliver);
	}
	if (obj.ttl + std.duration(regsub(obj.http.Cache-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1s"), 0s) > 0s) {
		# Within stale-while-revalidate: served now, refreshed in the background.
		return (deliver);
	}
	set req.http.x-edge-fresh = "1";
	return (restart);
}

sub vcl_miss {
	set req.http.x-edge-cache = "miss";
}

sub vcl_pass {
	set req.http.x-edge-cache = "pass";
}

sub vcl_backend_fetch {
	unset bereq.http.x-edge-fresh;
	unset bereq.http.x-edge-cache;
}

sub vcl_backend_response {
	if (bereq.uncacheable) {
		return (deliver);
	}
	if (beresp.status >= 500 && !bereq.http.x-edge-stale-ok) {
		# Keep the stale copy (a background fetch) or retry the request on it (vcl_synth).
		return (abandon);
	}
	if (!beresp.http.Cache-Control && !beresp.http.Expires) {
		# Kept only when the origin says so.
		set beresp.ttl = 0s;
	}
	if (std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 0s) > beresp.grace) {
		# Grace: the longer of stale-while-revalidate (Varnish's default) and stale-if-error.
		set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 0s);
	}
	if (beresp.http.Surrogate-Key) {
		# vmod xkey indexes an object by its xkey header (space-separated tags, like Surrogate-Key).
		set beresp.http.xkey = beresp.http.Surrogate-Key;
	}
	# The built-in rules follow: Set-Cookie, private, no-cache, no-store and a TTL of 0 are not kept.
}

sub vcl_backend_error {
	if (!bereq.uncacheable && !bereq.http.x-edge-stale-ok) {
		# No answer: as for a 5xx, keep or retry on the stale copy.
		return (abandon);
	}
}

sub vcl_deliver {
	unset resp.http.xkey;
	unset resp.http.Surrogate-Key;
	unset resp.http.Cache-Tag;
	if (obj.uncacheable) {
		set resp.http.X-Cache = "pass";
	} else if (req.http.x-edge-cache) {
		# hit, miss, pass or stale: how Varnish answered (X-Render-Cache says how the origin did).
		set resp.http.X-Cache = req.http.x-edge-cache;
	}
}

sub vcl_synth {
	if (resp.status == 503 && req.http.x-edge-cache ~ "^(miss|stale)$" && !req.http.x-edge-stale-ok && req.restarts < 3) {
		# The fetch was abandoned (origin down or 5xx): once more, taking a stale copy if any.
		set req.http.x-edge-stale-ok = "1";
		unset req.http.x-edge-fresh;
		return (restart);
	}
}
