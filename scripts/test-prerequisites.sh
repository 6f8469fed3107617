#!/usr/bin/env bash
# The system counterparts the test suite drives for real (a browser, PostgreSQL 15, a syslog receiver, the
# TOTP and cipher reference tools, the SoftHSM2 tokens of the PKCS#11 keystore and of the cloud HSMs, opensc's
# pkcs11-tool, which uses those tokens as a customer's PKCS#11 application would, Prometheus's promtool, which
# checks the alerting rules, and HAProxy, in front of several servers), installed from Debian when missing so that
# `npm ci && npm test` passes on a fresh machine. Installing needs root; elsewhere the script names what is missing and stops.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-liberation)
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql-15)
[ -x /usr/sbin/rsyslogd ] || missing+=(rsyslog)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v oathtool >/dev/null 2>&1 || missing+=(oathtool)
command -v softhsm2-util >/dev/null 2>&1 || missing+=(softhsm2)
command -v pkcs11-tool >/dev/null 2>&1 || missing+=(opensc)
command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
[ -x /usr/sbin/haproxy ] || missing+=(haproxy)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "The tests need these Debian packages: ${missing[*]} (apt-get install them as root)." >&2
  exit 1
fi
echo "Installing from Debian: ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
