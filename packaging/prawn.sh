#!/usr/bin/env bash
# Ruby with Prawn 2.4 and prawn-table 0.2 (Debian's ruby-prawn, ruby-prawn-table), for building
# corpus/prawn only (`make corpus-prawn`): about 40 MB; never part of `make setup`, the app and
# its tests need none of it. Idempotent: does nothing when every package is already installed.
set -euo pipefail
EXTRA_PKGS="ruby ruby-prawn ruby-prawn-table ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
