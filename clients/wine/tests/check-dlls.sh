#!/bin/sh
# Checks each DLL exports NVDA's seven names undecorated and imports only Windows system DLLs.
# usage: check-dlls.sh OBJDUMP DLL...
objdump=$1; shift
want="nvdaController_brailleMessage nvdaController_cancelSpeech nvdaController_getProcessId nvdaController_setOnSsmlMarkReachedCallback nvdaController_speakSsml nvdaController_speakText nvdaController_testIfRunning"
fail=0
for dll in "$@"; do
    dump=$("$objdump" -p "$dll") || { echo "FAIL $dll: objdump failed"; fail=1; continue; }
    got=$(echo "$dump" | sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' | awk '/^\t\[/{print $3}' | sort | tr '\n' ' ' | sed 's/ $//')
    [ "$got" = "$want" ] || { echo "FAIL $dll exports: $got"; fail=1; }
    imports=$(echo "$dump" | awk '/DLL Name:/{print tolower($3)}' | sort | tr '\n' ' ' | sed 's/ $//')
    for i in $imports; do
        case $i in kernel32.dll|user32.dll|ws2_32.dll|msvcrt.dll) ;; *) echo "FAIL $dll imports $i"; fail=1 ;; esac
    done
    [ $fail = 0 ] && echo "ok $dll: 7 exports, imports $imports, $(wc -c < "$dll") bytes"
done
exit $fail
