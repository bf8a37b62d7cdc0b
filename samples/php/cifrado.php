<?php
// Cifra un valor de la tarjeta (campo1 a campo4) con RSA (PKCS#1 v1.5) y la llave pública, en hexadecimal.
// Uso: LLAVE_PUBLICA_PEM="$(cat llave.pem)" php cifrado.php 4111111111111111

$llave = openssl_pkey_get_public((string) getenv('LLAVE_PUBLICA_PEM'));
if ($llave === false || !isset($argv[1])) {
    fwrite(STDERR, "Uso: LLAVE_PUBLICA_PEM=... php cifrado.php VALOR\n");
    exit(1);
}
if (!openssl_public_encrypt($argv[1], $cifrado, $llave, OPENSSL_PKCS1_PADDING)) {
    throw new RuntimeException(openssl_error_string() ?: 'no se pudo cifrar');
}
// 256 bytes con una llave de 2048 bits: 512 caracteres hexadecimales, distintos en cada ejecución.
echo bin2hex($cifrado), "\n";
