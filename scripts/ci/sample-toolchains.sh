#!/usr/bin/env bash
# Installs, from Debian, the interpreters and compilers that run samples/<language>/
# against the sandbox (tests/samples). Idempotent: installs only what is
# missing. Node (the project's own) and python3 are assumed present; the rest:
#   php      php-cli, php-curl (the REST client samples use cURL), php-xml (SimpleXML, SOAP answers)
#   java     default-jdk-headless (java + javac, with com.sun.net.httpserver), and
#            libunirest-java-java (Unirest 1.x: the API reference's Java tab)
#   curl     curl (the API reference's curl tab)
#   C#       mono-mcs (the compiler) + the Mono libraries the samples load
# Run as root (CI runs as root); elsewhere prefix it with sudo.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

missing=()
need() { # need <command> <package...>
  local command=$1; shift
  if ! command -v "$command" >/dev/null 2>&1; then missing+=("$@"); fi
}
need php php-cli
php -m 2>/dev/null | grep -qx curl || missing+=(php-curl)
php -m 2>/dev/null | grep -qx SimpleXML || missing+=(php-xml)
need javac default-jdk-headless
[[ -f /usr/share/java/unirest-java.jar ]] || missing+=(libunirest-java-java)
need curl curl
need mcs mono-mcs
need mono mono-runtime
# HttpClient (REST samples) and System.Web (form decoding) are separate Mono packages.
for lib in libmono-system-net-http4.0-cil libmono-system-web4.0-cil; do
  dpkg-query -W -f='${Status}' "$lib" 2>/dev/null | grep -q 'install ok installed' || missing+=("$lib")
done
need python3 python3
# The REST samples encrypt card fields with RSA: Python's standard library has no RSA.
/usr/bin/python3 -c 'import cryptography' 2>/dev/null || missing+=(python3-cryptography)

if ((${#missing[@]} > 0)); then
  echo "sample toolchains: installing ${missing[*]}"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "sample toolchains: $(php -r 'echo "php ", PHP_VERSION;'), $(javac -version 2>&1), mcs $(mcs --version | awk '{print $NF}'), $(python3 --version), node $(node --version)"
