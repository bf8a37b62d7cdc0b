// Receptor de la confirmación (canal POST).
// Uso: mcs Confirmacion.cs && LLAVE_TERMINAL=... PUERTO=8080 mono Confirmacion.exe
using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Security.Cryptography;
using System.Text;

public static class Confirmacion
{
    static readonly string Llave = Environment.GetEnvironmentVariable("LLAVE_TERMINAL");
    static readonly string CampoFirma = Environment.GetEnvironmentVariable("CAMPO_FIRMA") ?? "firmaPasarela";

    static Dictionary<string, string> Formulario(string cuerpo)
    {
        var datos = new Dictionary<string, string>();
        foreach (string par in cuerpo.Split('&'))
        {
            string[] nv = par.Split(new[] { '=' }, 2);
            string nombre = WebUtility.UrlDecode(nv[0]);
            if (nv.Length == 2 && !datos.ContainsKey(nombre)) datos[nombre] = WebUtility.UrlDecode(nv[1]);
        }
        return datos;
    }

    // Compara en tiempo fijo: recorre siempre todo el texto, sin salir en la primera diferencia.
    static bool IgualesEnTiempoFijo(string a, string b)
    {
        if (a.Length != b.Length) return false;
        int diferencia = 0;
        for (int i = 0; i < a.Length; i++) diferencia |= a[i] ^ b[i];
        return diferencia == 0;
    }

    static bool FirmaValida(Dictionary<string, string> datos)
    {
        byte[] resumen = MD5.Create().ComputeHash(Encoding.UTF8.GetBytes(Llave + Valor(datos, "codigoFactura")
            + Valor(datos, "valorFactura") + Valor(datos, "codigoAutorizacion")));
        string esperada = BitConverter.ToString(resumen).Replace("-", "").ToLowerInvariant();
        return IgualesEnTiempoFijo(esperada, Valor(datos, CampoFirma).ToLowerInvariant());
    }

    static string Valor(Dictionary<string, string> datos, string nombre)
    {
        string valor;
        return datos.TryGetValue(nombre, out valor) ? valor : "";
    }

    static void Responder(HttpListenerResponse respuesta, int estado, string texto)
    {
        byte[] cuerpo = Encoding.UTF8.GetBytes(texto);
        respuesta.StatusCode = estado;
        respuesta.ContentType = "text/plain; charset=utf-8";
        respuesta.ContentLength64 = cuerpo.Length;
        respuesta.OutputStream.Write(cuerpo, 0, cuerpo.Length);
        respuesta.Close();
    }

    public static void Main()
    {
        if (Llave == null) throw new InvalidOperationException("Falta la variable de entorno LLAVE_TERMINAL");
        var servidor = new HttpListener();
        servidor.Prefixes.Add("http://127.0.0.1:" + (Environment.GetEnvironmentVariable("PUERTO") ?? "8080") + "/");
        servidor.Start();
        while (true)
        {
            HttpListenerContext contexto = servidor.GetContext();
            if (contexto.Request.HttpMethod != "POST")
            {
                Responder(contexto.Response, 405, "");
                continue;
            }
            string cuerpo = new StreamReader(contexto.Request.InputStream, Encoding.UTF8).ReadToEnd();
            if (!FirmaValida(Formulario(cuerpo)))
            {
                Responder(contexto.Response, 400, "firma no válida\n");
                continue;
            }
            // Firma válida: registre el resultado (transaccionAprobada 1 aprobada, 0 pendiente,
            // -1 rechazada, 2 abortada, 3 reversada) de la factura codigoFactura.
            Responder(contexto.Response, 200, "OK\n");
        }
    }
}
