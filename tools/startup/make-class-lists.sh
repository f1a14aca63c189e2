#!/usr/bin/env bash
# Regenerates the desktop app's class lists, src/main/resources/app/ishaar/startup-classes.txt and
# login-classes.txt: the classes preloaded on a thread of their own while the app starts and while
# the user types in the login dialog (app.ishaar.core.startup.ClassPreloader). The app is run once
# as the start-up bench runs it (headless JavaFX, a fresh settings folder, preloading off), logs in
# with the built-in sandbox's demo taxpayer, and stops at the history's first page; the classes it
# loaded are listed in their loading order. Run it after the start-up or login path changes (a stale
# list costs speed, never correctness):   tools/startup/make-class-lists.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mvn -B -q test-compile
mvn -B -q dependency:build-classpath -Dmdep.outputFile="$work/test.cp" -Dmdep.includeScope=test
mvn -B -q dependency:build-classpath -Dmdep.outputFile="$work/runtime.cp" -Dmdep.includeScope=runtime
# the child JVM runs with the launchers' JIT option, as every JVM of the bench (ChildJvm.appFlags)
jit="$(sed -n "s:.*<app.jit>\(.*\)</app.jit>.*:\1:p" pom.xml)"
java -cp "target/test-classes:target/classes:$(cat "$work/test.cp")" "-Dbench.appFlags=$jit" \
  app.ishaar.bench.ClassLists src/main/resources/app/ishaar "target/classes:$(cat "$work/runtime.cp")"
mvn -B -q process-resources
