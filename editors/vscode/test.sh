#!/usr/bin/env bash
# Tests the TextMate grammar (syntaxes/fsm.tmLanguage.json) with vscode-tmgrammar-test, the
# pinned version of package-lock.json (`npm ci` here, or scripts/install-deps, installs it):
#
# - snapshot tests: every spec of specs/ and the test specs of tests/data/ok listed below, each
#   tokenized and compared with its snapshot in tests/snapshots/ (the scopes of every token),
#   and the systems of specs/systems/ by their own grammar (syntaxes/fsys.tmLanguage.json);
# - unit tests: the files of tests/unit/, whose `// ^^^ scope` lines assert the scopes of the
#   line above them at tricky spots (each file is a spec that pest parses, too);
# - the client's files parse as JavaScript, and the language configuration's regular
#   expressions (indentation, doc comments, words) match the lines they must.
#
# The specs are copied into a scratch directory for the run, since the tool keeps a snapshot
# next to its source. A spec without a snapshot, or a snapshot without its spec, fails the run.
# `./test.sh --update` writes the snapshots again (review the diff before committing it).
set -euo pipefail
cd "$(dirname "$0")"
root=../..

update=0
if [ "${1:-}" = "--update" ]; then
    update=1
fi

bin=node_modules/.bin
if [ ! -x "$bin/vscode-tmgrammar-snap" ]; then
    echo "vscode-tmgrammar-test is not installed: run \`npm ci\` in editors/vscode (scripts/install-deps does)" >&2
    exit 2
fi

# The test specs chosen for what they exercise: superstates, events that carry data, timers
# with durations and state timers, diagram settings, attributes and fallback ignores, variables,
# labels with escapes, wildcards with `except`, internal transitions, multiple events and sources,
# transitions on any other event, effect groups, protocol errors (tcp), running tests (sctp_t3_rtx).
ok_cases=(superstates event_data timer_defaults_and_state_timers timers diagram_settings
    defaults_and_lint_control variables odd_labels wildcard_and_except internal_and_self
    multiple_events_and_sources guards_and_else docs_labels_refs any_other_event effect_groups tcp sctp_t3_rtx)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/specs" "$work/ok" "$work/systems"
cp "$root"/specs/*.fsm "$work/specs/"
cp "$root"/specs/systems/*.fsys "$work/systems/"
for name in "${ok_cases[@]}"; do
    cp "$root/tests/data/ok/$name.fsm" "$work/ok/"
done

status=0
for dir in specs ok systems; do
    mkdir -p "tests/snapshots/$dir"
    for spec in "$work/$dir"/*.fsm "$work/$dir"/*.fsys; do
        [ -e "$spec" ] || continue
        snap="tests/snapshots/$dir/$(basename "$spec").snap"
        if [ -f "$snap" ]; then
            cp "$snap" "$spec.snap"
        elif [ "$update" -eq 0 ]; then
            echo "no snapshot $snap for $dir/$(basename "$spec"): run editors/vscode/test.sh --update" >&2
            status=1
        fi
    done
    for snap in "tests/snapshots/$dir"/*.snap; do
        [ -e "$snap" ] || continue
        if [ ! -f "$work/$dir/$(basename "$snap" .snap)" ]; then
            if [ "$update" -eq 1 ]; then
                rm "$snap"
            else
                echo "snapshot $snap has no spec any more: run editors/vscode/test.sh --update" >&2
                status=1
            fi
        fi
    done
done

snap_args=(-s source.fsm -g syntaxes/fsm.tmLanguage.json)
if [ "$update" -eq 1 ]; then
    snap_args+=(--updateSnapshot)
fi
"$bin/vscode-tmgrammar-snap" "${snap_args[@]}" "$work/**/*.fsm" || status=1
# The systems (specs/systems/*.fsys) with their own grammar.
system_args=(-s source.fsys -g syntaxes/fsys.tmLanguage.json)
if [ "$update" -eq 1 ]; then
    system_args+=(--updateSnapshot)
fi
"$bin/vscode-tmgrammar-snap" "${system_args[@]}" "$work/systems/*.fsys" || status=1
if [ "$update" -eq 1 ]; then
    for dir in specs ok systems; do
        cp "$work/$dir"/*.snap "tests/snapshots/$dir/"
    done
fi

"$bin/vscode-tmgrammar-test" -g syntaxes/fsm.tmLanguage.json "tests/unit/*.fsm" || status=1

# The client cannot run outside VS Code; it must at least be JavaScript that Node reads.
node --check extension.js || status=1
node --check src/server.js || status=1
node tests/language-configuration.test.js || status=1
exit "$status"
