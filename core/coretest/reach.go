package coretest

import "reflect"

// Reach returns the paths (name.Method().Field...) by which a value of
// type target can be obtained from a value of type from through exported
// methods' results and exported struct fields, following each type
// reached. A transforming writer checks with it that its inner
// *core.Writer, whose Reset or Close would bypass the transform, is not
// reachable: core.Engine is the door it hands out instead.
func Reach(from reflect.Type, name string, target reflect.Type) []string {
	var paths []string
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type, path string)
	walk = func(t reflect.Type, path string) {
		if t == target {
			paths = append(paths, path)
			return
		}
		if seen[t] {
			return
		}
		seen[t] = true
		for i := range t.NumMethod() {
			m := t.Method(i)
			if !m.IsExported() {
				continue
			}
			for j := range m.Type.NumOut() {
				walk(m.Type.Out(j), path+"."+m.Name+"()")
			}
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan:
			walk(t.Elem(), path+"[*]")
		case reflect.Map:
			walk(t.Elem(), path+"[*]")
		case reflect.Struct:
			for i := range t.NumField() {
				if f := t.Field(i); f.IsExported() {
					walk(f.Type, path+"."+f.Name)
				}
			}
			walk(reflect.PointerTo(t), "&"+path)
		}
	}
	walk(from, name)
	return paths
}
