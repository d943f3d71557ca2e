#!/usr/bin/env bash
# ConTeXt MkIV (Debian's context: LuaTeX 1.15 and the ConTeXt macros, about 250 MB with its
# fonts), for building corpus/context only (`make corpus-context`); never part of `make setup`,
# the app and its tests need none of it. DejaVu, NanumGothic and AR PL SungtiL GB come from Debian
# too; the build points ConTeXt at them (OSFONTDIR).
# Idempotent: does nothing when every package is already installed.
set -euo pipefail
EXTRA_PKGS="context fonts-dejavu-core fonts-nanum fonts-arphic-gbsn00lp ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
